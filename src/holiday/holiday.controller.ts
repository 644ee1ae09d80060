import { Controller, Get, Param } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { NotFoundError } from '../common/errors.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { page, type PageView } from '../common/rendering/view.js';
import { TextPage, type TextPageModel } from '../../views/pages/info-page.js';
import { pickText } from '../i18n/localized-text.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { HolidayRentalUnitEntity } from './holiday-rental-unit.entity.js';

const ID = /^[1-9]\d{0,8}$/;

@Controller()
export class HolidayController {
  constructor(
    @InjectRepository(HolidayRentalUnitEntity) private readonly units: Repository<HolidayRentalUnitEntity>,
  ) {}

  @Get(routerPaths('holiday'))
  async detail(
    @RequestLocale() locale: Locale,
    @Param('rentalUnitId') rentalUnitId: string,
  ): Promise<PageView<TextPageModel>> {
    const unit = ID.test(rentalUnitId) ? await this.units.findOneBy({ id: Number(rentalUnitId) }) : null;
    if (!unit) throw new NotFoundError();
    return page(TextPage, {
      key: 'holiday',
      args: {
        name: pickText(unit.name, locale),
        description: pickText(unit.description, locale),
        city: unit.city,
        capacity: unit.capacity,
        // Picks the plural form ("1 person", "4 people").
        count: unit.capacity,
      },
    }, { route: 'holiday', params: { rentalUnitId } });
  }
}
