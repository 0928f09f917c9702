import * as contracts from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { FACETS, MARKET_SORTS } from './market';

describe('market constants', () => {
  it('match the contract (restated so the portal does not load zod)', () => {
    expect(MARKET_SORTS).toEqual(contracts.MARKET_SORTS);
    expect(FACETS).toEqual(contracts.FACETS);
  });
});
