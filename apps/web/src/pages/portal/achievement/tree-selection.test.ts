import { describe, expect, it } from 'vitest';
import type { PortalTreeNode } from '@/components/portal/CategoryTree/use-portal-trees';
import { nextTreeFilter, treeSelection } from './AchievementListPage';

const node = (key: string, children: PortalTreeNode[] = [], orgCode?: string): PortalTreeNode => ({
  key,
  title: key,
  id: key.split(':')[1] ?? key,
  treeItemId: 1,
  selectable: true,
  orgCode,
  children,
});

const transport = node('1:BJ003', [], 'BJ003');
const district = node('2:BJQ01', [], 'BJQ01');
const theme = node('3:traffic');
const roots = [node('1:root', [transport]), node('2:root', [district]), node('3:root', [theme])];

describe('the service tree’s selection (spec §4)', () => {
  it('broadcasts type 1 for a child of the first root and 2 for any other node', () => {
    expect(treeSelection(roots, transport)).toEqual({ treeType: '1', nodeId: 'BJ003' });
    expect(treeSelection(roots, district)).toEqual({ treeType: '2', nodeId: 'BJQ01' });
    expect(treeSelection(roots, theme)).toEqual({ treeType: '2', nodeId: 'traffic' });
  });

  it('selects a node on the first click and clears the filter when the selected node is clicked again', () => {
    expect(nextTreeFilter(roots, transport, null)).toEqual({ treeType: '1', nodeId: 'BJ003', orgCode: 'BJ003' });
    expect(nextTreeFilter(roots, district, '1:BJ003')).toEqual({ treeType: '2', nodeId: 'BJQ01', orgCode: 'BJQ01' });
    expect(nextTreeFilter(roots, transport, '1:BJ003')).toEqual({
      treeType: undefined,
      nodeId: undefined,
      orgCode: undefined,
    });
  });
});
