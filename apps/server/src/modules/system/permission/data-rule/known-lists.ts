import type { DataRuleList } from '../../../../platform/module.js';
import { installedModules } from '../../../../platform/module-registry.js';

/**
 * The list that applies 数据规则 on a menu, as the modules' manifests declare it. Rules on these menus
 * are checked against the list's columns when saved; the labels only help the administrator choose.
 */
export function knownListOf(menuPath: string | null): DataRuleList | null {
  return (menuPath && installedModules().dataRuleLists.get(menuPath)) || null;
}
