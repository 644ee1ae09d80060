import type { DisplayTab, LayoutFloor } from '../estates/display/estate-display.js';
import type { TabName } from '../estates/display/tabs.js';
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
});
