/** The platform mark: data points over a river, for 滨江 (no external image). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1677ff" />
      <path d="M14 42c8-2 12-10 18-10s10 8 18 10" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <circle cx="22" cy="22" r="4" fill="#fff" />
      <circle cx="32" cy="18" r="4" fill="#fff" />
      <circle cx="42" cy="22" r="4" fill="#fff" />
    </svg>
  );
}
