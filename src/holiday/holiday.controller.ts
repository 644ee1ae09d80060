import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Repository } from 'typeorm';
import { NotFoundError } from '../common/errors.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { PageResponder } from '../common/page-responder.service.js';
import { pickText } from '../i18n/localized-text.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { HolidayRentalUnitEntity } from './holiday-rental-unit.entity.js';

const ID = /^[1-9]\d{0,8}$/;

@Controller()
export class HolidayController {
  constructor(
    private readonly pages: PageResponder,
    @InjectRepository(HolidayRentalUnitEntity) private readonly units: Repository<HolidayRentalUnitEntity>,
  ) {}

  @Get(routerPaths('holiday'))
  async detail(
    @RequestLocale() locale: Locale,
    @Param('rentalUnitId') rentalUnitId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const unit = ID.test(rentalUnitId) ? await this.units.findOneBy({ id: Number(rentalUnitId) }) : null;
    if (!unit) throw new NotFoundError();
    return this.pages.info(request, reply, locale, { route: 'holiday', params: { rentalUnitId } }, 'holiday', {
      args: {
        name: pickText(unit.name, locale),
        description: pickText(unit.description, locale),
        city: unit.city,
        capacity: unit.capacity,
      },
    });
  }
}
