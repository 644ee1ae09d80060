import { Initial1795387277224 } from './1795387277224-Initial.js';
import { EstatesCache1795406176301 } from './1795406176301-EstatesCache.js';
import { InquiriesAndMailOutbox1795410388359 } from './1795410388359-InquiriesAndMailOutbox.js';
import { FormPipeline1795448000000 } from './1795448000000-FormPipeline.js';
import { MailsThroughJobs1795454028649 } from './1795454028649-MailsThroughJobs.js';
import { SearchIndexes1795500000000 } from './1795500000000-SearchIndexes.js';
import { LeadsAndContact1795700000001 } from './1795700000001-LeadsAndContact.js';
import { AppointmentsFromCrms1795700000002 } from './1795700000002-AppointmentsFromCrms.js';
import { Subscriptions1795800000000 } from './1795800000000-Subscriptions.js';
import { HolidayRentals1795600000000 } from './1795600000000-HolidayRentals.js';
import { AppointmentConfirmations1795900000000 } from './1795900000000-AppointmentConfirmations.js';
import { PublicPrice1795900001000 } from './1795900001000-PublicPrice.js';
import { ListingIdsAndIncrementalSync1796000000000 } from './1796000000000-ListingIdsAndIncrementalSync.js';
import { ProjectsIndex1796100000000 } from './1796100000000-ProjectsIndex.js';
import { ListingMarks1796200172266 } from './1796200172266-ListingMarks.js';
import { SearchArea1796200300000 } from './1796200300000-SearchArea.js';
import { ViewingRequests1796200400000 } from './1796200400000-ViewingRequests.js';
import { EstateSyncStaging1796200570000 } from './1796200570000-EstateSyncStaging.js';
import { PricesForBothReleases1796250000000 } from './1796250000000-PricesForBothReleases.js';
import { SchemaRequirements1796250000001 } from './1796250000001-SchemaRequirements.js';
import { PhotoOriginals1796300000000 } from './1796300000000-PhotoOriginals.js';
import { ConfirmationsFromGoLive1796300000001 } from './1796300000001-ConfirmationsFromGoLive.js';
import { SearchFilters1796400000000 } from './1796400000000-SearchFilters.js';

/** Every migration in order; a newly generated migration is added at the end. */
export const MIGRATIONS = [
  Initial1795387277224,
  EstatesCache1795406176301,
  InquiriesAndMailOutbox1795410388359,
  FormPipeline1795448000000,
  MailsThroughJobs1795454028649,
  SearchIndexes1795500000000,
  LeadsAndContact1795700000001,
  AppointmentsFromCrms1795700000002,
  Subscriptions1795800000000,
  HolidayRentals1795600000000,
  AppointmentConfirmations1795900000000,
  PublicPrice1795900001000,
  ListingIdsAndIncrementalSync1796000000000,
  ProjectsIndex1796100000000,
  ListingMarks1796200172266,
  SearchArea1796200300000,
  ViewingRequests1796200400000,
  EstateSyncStaging1796200570000,
  PricesForBothReleases1796250000000,
  SchemaRequirements1796250000001,
  PhotoOriginals1796300000000,
  ConfirmationsFromGoLive1796300000001,
  SearchFilters1796400000000,
];
