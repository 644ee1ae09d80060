import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors.js';
import { AppConfig } from '../config/config.js';
import type { Estate } from '../estates/domain/estate.js';
import { estatePath } from '../estates/domain/slug.js';
import { isListed, withVisibleUnits } from '../estates/domain/visibility.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { SettingsService } from '../settings/settings.service.js';

const ID = /^[1-9]\d{0,8}$/;

/** How many similar listings the detail page shows. */
export const SIMILAR_ESTATES_SHOWN = 4;

/**
 * A listing as a visitor may reach it: a standalone listing or project, or a unit with its project.
 * Projects carry only the units a visitor may see (domain/visibility.ts), so the page, its JSON and
 * the "from" price agree.
 */
export interface FoundEstate {
  readonly estate: Estate;
  readonly project: Estate | null;
  /** Its canonical path in each locale (the slug is localized). */
  readonly paths: Readonly<Record<Locale, string>>;
}

@Injectable()
export class EstateDetailService {
  constructor(
    private readonly estates: EstateRepository,
    private readonly settings: SettingsService,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** null for an unknown id, a hidden status (settings.hiddenStatus), or a unit of a hidden project. */
  async find(id: number): Promise<FoundEstate | null> {
    const stored = await this.estates.findById(id);
    if (!stored) return null;
    const { hiddenStatus } = await this.settings.current();
    if (!isListed(stored, hiddenStatus)) return null;
    const estate = withVisibleUnits(stored, hiddenStatus);
    let project: Estate | null = null;
    if (estate.parentId !== null) {
      const parent = await this.estates.findById(estate.parentId);
      if (!parent || !isListed(parent, hiddenStatus)) return null;
      project = withVisibleUnits(parent, hiddenStatus);
    }
    const paths = Object.fromEntries(
      LOCALES.map((locale) => [locale, estatePath(estate, this.translations.forLocale(locale), project ?? undefined)]),
    ) as Record<Locale, string>;
    return { estate, project, paths };
  }

  /** The listing at an id from a URL; anything else (malformed, unknown, hidden) is the localized 404. */
  async findOrThrow(id: string): Promise<FoundEstate> {
    const found = ID.test(id) ? await this.find(Number(id)) : null;
    if (!found) throw new NotFoundError();
    return found;
  }

  async hiddenTabs(): Promise<readonly string[]> {
    return (await this.settings.current()).hiddenTabs;
  }

  /** Similar listings the visitor may see (see EstateRepository.findSimilar for "similar"). */
  async similar(estate: Estate): Promise<Estate[]> {
    const { hiddenStatus } = await this.settings.current();
    return this.estates.findSimilar(estate, hiddenStatus, SIMILAR_ESTATES_SHOWN);
  }

  absoluteUrl(path: string): string {
    return new URL(path, this.config.PUBLIC_BASE_URL).toString();
  }
}
