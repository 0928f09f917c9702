import { parseHighlight } from './highlight';

/**
 * A search snippet with its matches marked. `html` is the server's highlight (only `<em>` is markup);
 * without one, the plain `text` shows as it is.
 */
export function Highlight({ html, text }: { html?: string | null; text?: string | null }) {
  if (!html) return <>{text ?? ''}</>;
  return (
    <>
      {parseHighlight(html).map((part, i) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
          <em key={i} className="portal-hl">
            {part.text}
          </em>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
