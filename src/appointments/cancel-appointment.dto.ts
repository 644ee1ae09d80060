import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const trimOptional = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

/** The cancel button, with an optional reason for the agent. */
export class CancelAppointmentDto {
  @Transform(trimOptional)
  @IsOptional()
  @IsString({ message: 'forms.errors.invalid' })
  @MaxLength(1000, { message: 'forms.errors.tooLong' })
  reason?: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}
