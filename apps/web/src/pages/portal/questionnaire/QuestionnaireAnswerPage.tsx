import {
  QUESTION_KIND_LABEL,
  QUESTIONNAIRE_LIMITS,
  QUESTIONNAIRE_PATHS,
  QUESTIONNAIRE_PHASE_LABEL,
  type Question,
  type QuestionnairePublicDetail,
  type QuestionnaireResults,
} from '@odp/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import {
  getPublicQuestionnaire,
  publicQuestionnaireResults,
  questionnaireKeys,
  submitAnswers,
} from '@/api/questionnaire';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { signInPath } from '@/pages/account/landing';
import { type Answer, type Answers, missingRequired, sheetOf } from './answer-sheet';
import { minuteText } from './format';
import './questionnaire.css';

function QuestionField({
  q,
  n,
  value,
  error,
  onChange,
}: {
  q: Question;
  n: number;
  value: Answer | undefined;
  error: string | undefined;
  onChange: (a: Answer) => void;
}) {
  const errorId = `qn-error-${q.id}`;
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
  const legend = (
    <legend className="qn-q-title">
      <span className="qn-q-no">{n}.</span> {q.title}
      {q.required && (
        <>
          <span className="qn-required" aria-hidden="true">
            *
          </span>
          <span className="sr-only">（必答）</span>
        </>
      )}
      <span className="qn-q-kind">（{QUESTION_KIND_LABEL[q.kind]}）</span>
    </legend>
  );
  let body: JSX.Element;
  if (q.kind === 'single' || q.kind === 'multiple') {
    const chosen = new Set(value?.optionIds ?? []);
    body = (
      <div className="qn-choices">
        {q.options.map((o) => (
          <label key={o.id} className="qn-choice">
            <input
              type={q.kind === 'single' ? 'radio' : 'checkbox'}
              name={`q-${q.id}`}
              value={o.id}
              checked={chosen.has(o.id)}
              onChange={(e) => {
                if (q.kind === 'single') onChange({ optionIds: [o.id] });
                else {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(o.id);
                  else next.delete(o.id);
                  onChange({ optionIds: q.options.filter((x) => next.has(x.id)).map((x) => x.id) });
                }
              }}
              {...described}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    );
  } else if (q.kind === 'rating') {
    body = (
      <div className="qn-rating">
        {[1, 2, 3, 4, 5].map((score) => (
          <label key={score} className={`qn-score${value?.rating === score ? ' qn-score-on' : ''}`}>
            <input
              type="radio"
              name={`q-${q.id}`}
              value={score}
              checked={value?.rating === score}
              onChange={() => onChange({ rating: score })}
              {...described}
            />
            <span>{score} 分</span>
          </label>
        ))}
        <span className="qn-muted">1 分最低，5 分最高</span>
      </div>
    );
  } else {
    body = (
      <textarea
        className="qn-textarea"
        rows={4}
        maxLength={QUESTIONNAIRE_LIMITS.textAnswer}
        value={value?.text ?? ''}
        aria-label={`${n}. ${q.title}`}
        placeholder={`请输入，最多 ${QUESTIONNAIRE_LIMITS.textAnswer} 字`}
        onChange={(e) => onChange({ text: e.target.value })}
        {...described}
      />
    );
  }
  return (
    <fieldset className={`qn-q${error ? ' qn-q-error' : ''}`} id={`qn-q-${q.id}`} tabIndex={-1}>
      {legend}
      {body}
      {error && (
        <p className="qn-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The public summary of an ended questionnaire: shares of options and scores as bars, no texts. */
function PublicResults({ id }: { id: string }) {
  const results = useQuery({
    queryKey: questionnaireKeys.publicResults(id),
    queryFn: () => publicQuestionnaireResults(id),
  });
  if (results.isLoading) return <Skeleton active />;
  if (!results.data) return <ErrorState onRetry={() => results.refetch()} />;
  const r: QuestionnaireResults = results.data;
  return (
    <section className="qn-results" aria-labelledby="qn-results-title">
      <h2 id="qn-results-title">调查结果（共 {r.joinNumber} 人参与）</h2>
      {r.questions.map((q, i) => (
        <div key={q.id} className="qn-result-q">
          <h3>
            {i + 1}. {q.title}
            <span className="qn-q-kind">（{QUESTION_KIND_LABEL[q.kind]}）</span>
          </h3>
          {q.kind === 'text' ? (
            <p className="qn-muted">填空题的回答不公开展示。</p>
          ) : q.kind === 'rating' ? (
            <>
              <p>
                平均 <strong>{q.rating?.average ?? 0}</strong> 分（{q.answered} 人评分）
              </p>
              <ul className="qn-bars">
                {(q.rating?.distribution ?? []).map((d) => {
                  const pct = q.answered ? Math.round((d.count / q.answered) * 1000) / 10 : 0;
                  return (
                    <li key={d.score}>
                      <span className="qn-bar-label">{d.score} 分</span>
                      <span className="qn-bar" aria-hidden="true">
                        <span style={{ width: `${pct}%` }} />
                      </span>
                      <span className="qn-bar-value">
                        {d.count} 人（{pct}%）
                      </span>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <ul className="qn-bars">
              {q.options.map((o) => (
                <li key={o.id}>
                  <span className="qn-bar-label">{o.label}</span>
                  <span className="qn-bar" aria-hidden="true">
                    <span style={{ width: `${o.percent}%` }} />
                  </span>
                  <span className="qn-bar-value">
                    {o.count} 人（{o.percent}%）
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="qn-notice" role="status">
      <p className="qn-notice-title">{title}</p>
      {children}
    </div>
  );
}

function AnswerForm({ detail, onDone }: { detail: QuestionnairePublicDetail; onDone: (joinNumber: number) => void }) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusQuestion = (id: string) => {
    const el = formRef.current?.querySelector<HTMLElement>(`#qn-q-${CSS.escape(id)}`);
    el?.focus();
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = missingRequired(detail.questions, answers);
    if (missing) {
      setErrors({ [missing.id]: missing.message });
      setFormError(missing.message);
      focusQuestion(missing.id);
      return;
    }
    setSending(true);
    setFormError(null);
    try {
      const r = await submitAnswers({ id: detail.id, answers: sheetOf(detail.questions, answers) });
      onDone(r.joinNumber);
      // The list's counts and this page's header follow; the thank-you stays (the page holds it).
      await queryClient.invalidateQueries({ queryKey: ['questionnaire', 'public'] });
    } catch (err) {
      const message = (err as Error).message;
      const field = err instanceof ApiError ? err.field : undefined;
      setFormError(message);
      if (field && detail.questions.some((q) => q.id === field)) {
        setErrors({ [field]: message });
        focusQuestion(field);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} className="qn-form" onSubmit={submit} noValidate>
      <p className="qn-muted">
        带 <span className="qn-required">*</span> 的为必答题。
        {detail.allowAnonymous ? '本问卷可匿名作答，每台设备限答一次。' : '每个账号限答一次。'}
      </p>
      {detail.questions.map((q, i) => (
        <QuestionField
          key={q.id}
          q={q}
          n={i + 1}
          value={answers[q.id]}
          error={errors[q.id]}
          onChange={(a) => {
            setAnswers((prev) => ({ ...prev, [q.id]: a }));
            setErrors((prev) => {
              const { [q.id]: _gone, ...rest } = prev;
              return rest;
            });
          }}
        />
      ))}
      {formError && (
        <p className="qn-error qn-form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="qn-button qn-button-primary qn-submit" disabled={sending}>
        {sending ? '正在提交…' : '提交问卷'}
      </button>
    </form>
  );
}

/** `/communication/questionnaire/answer?id=`: answer a questionnaire, or read its results once ended. */
export default function QuestionnaireAnswerPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const detail = useQuery({
    queryKey: questionnaireKeys.publicDetail(id),
    queryFn: () => getPublicQuestionnaire(id),
    enabled: /^[0-9a-f-]{36}$/i.test(id),
    retry: false,
  });
  const d = detail.data;
  // Kept here, not in the form: the refreshed detail then says 已参与, which must not replace the thanks.
  const [done, setDone] = useState<number | null>(null);

  let body: JSX.Element;
  if (done !== null)
    body = (
      <Notice title="提交成功，感谢您的参与！">
        <p>目前已有 {done} 人参与本次调查。</p>
        <Link to={QUESTIONNAIRE_PATHS.list}>返回调查问卷列表</Link>
      </Notice>
    );
  else if (!/^[0-9a-f-]{36}$/i.test(id) || (detail.isError && (detail.error as ApiError).status === 404))
    body = (
      <EmptyState description="问卷不存在或已删除">
        <Link to={QUESTIONNAIRE_PATHS.list}>返回调查问卷列表</Link>
      </EmptyState>
    );
  else if (detail.isError) body = <ErrorState onRetry={() => detail.refetch()} />;
  else if (!d) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (d.phase === 'ended')
    body = d.resultsPublic ? (
      <PublicResults id={d.id} />
    ) : (
      <Notice title="问卷已结束">
        <p>感谢关注，本次调查已经结束。</p>
      </Notice>
    );
  else if (d.phase === 'upcoming')
    body = (
      <Notice title="问卷尚未开始">
        <p>开始时间：{minuteText(d.openTime)}</p>
      </Notice>
    );
  else if (d.answered)
    body = (
      <Notice title="您已参与过该问卷">
        <p>每{d.allowAnonymous ? '台设备' : '个账号'}只能作答一次，感谢您的参与！</p>
      </Notice>
    );
  else if (d.needSignIn)
    body = (
      <Notice title="该问卷需登录后作答">
        <button
          type="button"
          className="qn-button qn-button-primary"
          onClick={() => navigate(signInPath(location.pathname + location.search))}
        >
          登录后作答
        </button>
      </Notice>
    );
  else body = <AnswerForm detail={d} onDone={setDone} />;

  return (
    <div className="portal-section qn-page">
      <article className="qn-sheet">
        <header className="qn-sheet-head">
          <h1>{d?.title ?? '调查问卷'}</h1>
          {d && (
            <p className="qn-card-meta">
              <span className={`qn-phase qn-phase-${d.phase}`}>{QUESTIONNAIRE_PHASE_LABEL[d.phase]}</span>
              <span>
                {minuteText(d.openTime)} 至 {minuteText(d.closeTime)}
              </span>
              <span>{d.joinNumber} 人参与</span>
            </p>
          )}
          {d?.description && <p className="qn-sheet-desc">{d.description}</p>}
        </header>
        {body}
      </article>
    </div>
  );
}
