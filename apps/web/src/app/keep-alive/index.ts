export { useKeptState } from './kept-state';
export { useScrollRestoration } from './scroll';
