import { DataSource, IsNull, Not } from 'typeorm';
import { EstateEntity } from '../../../src/estates/persistence/estate.entity.js';
import type { ServedApp } from './served-app.js';

/** The demo's estates a detail-page test opens: a house for sale on the map, one without coordinates, a rental, a project and its first unit. */
export interface DetailEstates {
  readonly withMap: EstateEntity;
  readonly withoutMap: EstateEntity;
  readonly rental: EstateEntity;
  readonly project: EstateEntity;
  readonly unit: EstateEntity;
}

export async function detailEstates(app: ServedApp): Promise<DetailEstates> {
  const rows = app.app.get(DataSource).getRepository(EstateEntity);
  const project = (await rows.findOne({ where: { isProject: true }, order: { id: 'ASC' } }))!;
  return {
    withMap: (await rows.findOne({ where: { parentId: IsNull(), isProject: false, lat: Not(IsNull()), headType: 'HOUSE', status: 'FOR_SALE' }, order: { id: 'ASC' } }))!,
    withoutMap: (await rows.findOne({ where: { parentId: IsNull(), lat: IsNull() }, order: { id: 'ASC' } }))!,
    rental: (await rows.findOne({ where: { parentId: IsNull(), isProject: false, status: 'TO_RENT' }, order: { id: 'ASC' } }))!,
    project,
    unit: (await rows.findOne({ where: { parentId: project.id }, order: { id: 'ASC' } }))!,
  };
}
