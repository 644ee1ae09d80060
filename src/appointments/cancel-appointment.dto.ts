import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { trimOptional } from '../forms/form-fields.js';

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
