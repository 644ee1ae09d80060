import { Injectable } from '@nestjs/common';

/** The time the slot rules read; tests set `now` to walk past noon or midnight without waiting. */
@Injectable()
export class ViewingClock {
  now(): Date {
    return new Date();
  }
}
