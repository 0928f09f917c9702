/** The widths a picture is also served at (WebP), so that a phone fetches one sized for its screen. */
export const PICTURE_WIDTHS = [480, 768, 1200, 1600] as const;

/** The `srcset` of a picture served at `url`: its sized copies, for an image that spans the screen (`sizes="100vw"`). */
export const pictureSrcSet = (url: string) => PICTURE_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
