import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PrivacyConsent, VisitorEmail } from '../forms/form-fields.js';

/** The heart: what to do, and where to return without JavaScript. */
export class FavoriteToggleDto {
  @IsIn(['add', 'remove'], { message: 'forms.errors.invalid' })
  intent!: 'add' | 'remove';

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  back?: string;

  /**
   * The saved heart of a cached page seen without JavaScript (its favourites stylesheet shows it): that page was
   * drawn with `intent=add` for everyone, so this button says the listing is saved: remove it.
   */
  @IsOptional()
  @IsIn(['1'], { message: 'forms.errors.invalid' })
  saved?: '1';
}

/** "Mail me my favourites". */
export class FavoritesMailDto {
  @VisitorEmail()
  email!: string;

  @PrivacyConsent()
  privacyConsent!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}
