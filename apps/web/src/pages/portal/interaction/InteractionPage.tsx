import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INTERACTION_SECTIONS, sectionOf } from './sections';
import './interaction.css';

/**
 * 交流互动 (`/communication/interaction`): the left menu of sections and the chosen one's panel. The
 * address keeps the section (`section`), its tab (`tab`: public, mine, new) and page, so that signing in
 * comes back to the same place.
 */
export default function InteractionPage() {
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get('section'));
  const choose = (key: string) => setParams(new URLSearchParams({ section: key }));
  return (
    <div className="portal-section ia-page">
      <h1 className="ia-title">交流互动</h1>
      <nav className="ia-menu" aria-label="互动类型">
        <ul>
          {INTERACTION_SECTIONS.map((s) => (
            <li key={s.key}>
              <a
                href={`?section=${s.key}`}
                aria-current={s.key === section.key ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  choose(s.key);
                }}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="ia-body" aria-labelledby="ia-section-title">
        <h2 id="ia-section-title" className="ia-section-title">
          {section.label}
        </h2>
        <p className="ia-intro">{section.intro}</p>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <section.Panel key={section.key} />
        </Suspense>
      </section>
    </div>
  );
}
