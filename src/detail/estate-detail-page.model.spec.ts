import type { DisplayTab, LayoutFloor } from '../estates/display/estate-display.js';
import type { TabName } from '../estates/display/tabs.js';
import type { PurchaseCostSectionModel } from '../../views/pages/estate-detail/purchase-cost-section.js';
import { featureGroups } from './estate-detail-page.model.js';

const tab = (name: TabName): DisplayTab => ({ name, title: name, fields: [{ code: `${name}.x`, label: 'x', value: 1, text: '1', visible: true }] });
const floor: LayoutFloor = { title: 'Ground floor', rooms: [{ label: 'Kitchen', countText: '', surfaceText: '12 m²', comment: '' }] };
const names = (groups: DisplayTab[]) => groups.map((group) => group.name);

describe(featureGroups.name, () => {
  const tabs = (['general', 'financial', 'epc', 'planning', 'layout'] as const).map(tab);

  it('leaves out energy and town planning, which have sections of their own', () => {
    expect(names(featureGroups({ tabs, layout: [floor] }))).toEqual(['general', 'financial']);
  });

  it('keeps the room counts when there are no floors to show them', () => {
    expect(names(featureGroups({ tabs, layout: [] }))).toEqual(['general', 'financial', 'layout']);
  });

  it('beside the purchase-cost block, leaves out the CRM’s own duty and notary rows (and a group they empty); with the block unavailable, keeps them', () => {
    const row = (code: string) => ({ code, label: code, value: 1, text: '1', visible: true });
    const costs: DisplayTab[] = [
      { name: 'financialCosts', title: 'costs', fields: [row('financial.registrationPercent'), row('ki.indexed')] },
      { name: 'financialNotary', title: 'notary', fields: [row('notary.notaryTotal')] },
    ];
    const block = { unavailable: null } as PurchaseCostSectionModel;
    const kept = featureGroups({ tabs: costs, layout: [] }, block);
    expect(kept.map((group) => [group.name, group.fields.map((field) => field.code)])).toEqual([['financialCosts', ['ki.indexed']]]);
    expect(featureGroups({ tabs: costs, layout: [] }, { ...block, unavailable: 'no split' })).toEqual(costs);
    expect(featureGroups({ tabs: costs, layout: [] }, null)).toEqual(costs);
  });
});
