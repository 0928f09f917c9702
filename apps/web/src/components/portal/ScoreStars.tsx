import './portal-ui.css';

const STARS = [0, 1, 2, 3, 4];

/**
 * A score out of five shown as stars (to the half star), read-only: the cards and the detail header
 * show many of them, so they are plain marks rather than antd's interactive rating with a tooltip per
 * star. Screen readers hear the figure once.
 */
export function ScoreStars({ score }: { score: number }) {
  const value = Math.max(0, Math.min(5, Math.round(score * 2) / 2));
  return (
    <span className="portal-stars" role="img" aria-label={`评分 ${value} 分（满分 5 分）`}>
      {STARS.map((i) => {
        const fill = value >= i + 1 ? 'full' : value >= i + 0.5 ? 'half' : 'empty';
        return (
          <span key={i} className={`portal-star portal-star-${fill}`} aria-hidden="true">
            ★
          </span>
        );
      })}
    </span>
  );
}
