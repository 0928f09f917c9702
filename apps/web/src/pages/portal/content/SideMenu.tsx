/** The left menu of the information and help centres (a strip of tabs on a phone). */
export function SideMenu<K extends string>({
  title,
  items,
  active,
  onChange,
}: {
  title: string;
  items: { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
}) {
  return (
    <nav className="content-side" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              aria-current={item.key === active ? 'page' : undefined}
              onClick={() => item.key !== active && onChange(item.key)}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
