/** Headline counters of the portal home. */
export type IndexNum = {
  departNum: number;
  catalogNum: number;
  apiNum: number;
  tableNum: number;
  dataNum: number;
  callNum: number;
  /** 应用成果: published results. */
  achievementNum: number;
};

/** 12345 → "1.23万", 123456789 → "1.23亿"; what the portal shows for large counters. */
export function formatCount(n: number): { value: string; unit: string } {
  if (n >= 1e8) return { value: trim(n / 1e8), unit: '亿' };
  if (n >= 1e4) return { value: trim(n / 1e4), unit: '万' };
  return { value: String(n), unit: '' };
}

function trim(v: number) {
  return v.toFixed(2).replace(/\.?0+$/, '');
}
