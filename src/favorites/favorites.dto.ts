import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The heart: what to do, and where to return without JavaScript. */
export class FavoriteToggleDto {
  @IsIn(['add', 'remove'], { message: 'forms.errors.invalid' })
  intent!: 'add' | 'remove';

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  back?: string;
}

/** "Mail me my favourites". */
export class FavoritesMailDto {
  @Transform(trim)
  @IsEmail({}, { message: 'forms.errors.email' })
  @MaxLength(200, { message: 'forms.errors.tooLong' })
  email!: string;

  @IsIn(['on', 'true', '1'], { message: 'forms.errors.consent' })
  privacyConsent!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}
