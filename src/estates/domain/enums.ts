// Enumerations of SPEC §3 with every value it lists; labels live in i18n/<locale>/enums.json.

export const STATUS = ["FOR_SALE", "TO_RENT", "TAKE_OVER", "SOLD", "RENTED", "TAKEN_OVER"] as const;
export const HEAD_TYPE = ["APARTMENT", "GARAGE", "PLOT", "COMMERCIAL", "HOUSE", "PROJECT"] as const;
export const BATHROOM_TYPE = ["EQUIPPED", "NOT_EQUIPPED"] as const;
export const CARPENTRY = ["WOOD", "ALUMINUM", "PLASTIC"] as const;
export const CONDITION = ["TO_RENOVATE", "TO_FRESHEN_UP", "GOOD_CONDITION", "EXCELLENT_CONDITION", "RENEWED", "NEW"] as const;
export const CONFORMITY = ["INVALID", "VALID"] as const;
export const CONSTRUCTION_TYPE = ["OPEN", "HALF_OPEN", "CLOSED"] as const;
export const ELECTRICITY_CERTIFICATION = ["OBTAINED", "NOT_OBTAINED", "UNKNOWN"] as const;
export const FLOODING = ["UNKNOWN", "NO", "YES"] as const;
export const HEATING = ["OIL", "COAL", "ELECTRICITY", "GAS", "HEAT_ACCUMULATION", "GAS_HEATERS", "PROPANE_GAS", "CENTRAL_VENTILATION", "WOOD", "PELLET"] as const;
export const KITCHEN_TYPE = ["EQUIPPED", "SEMI_EQUIPPED", "NOT_EQUIPPED", "HYPER_EQUIPPED", "AMERICAN_SEMI_EQUIPPED", "AMERICAN_EQUIPPED", "AMERICAN_HYPER_EQUIPPED"] as const;
export const LUXURY_LEVEL = ["MODEST", "AVERAGE", "LUXURIOUS"] as const;
export const ROOF_TYPE = ["SADDLEBACK", "FLAT", "LEAN_TO", "KERB", "HIPPED"] as const;
export const WINDOW_GLAZING = ["SINGLE", "DOUBLE", "TRIPLE"] as const;
export const COUNTRY = ["BE", "NL", "FR", "DE", "LU", "GB", "ES", "IT", "PT", "CH", "AT", "US", "UNKNOWN"] as const;
export const DESTINATION = ["MAIN_RESIDENCE", "VACATION_RESIDENCE", "STUDENT_RESIDENCE"] as const;
export const ENVIRONMENT = ["TOWN", "RESIDENTIAL", "COUNTRYSIDE", "VILLAGE", "SUBURBAN_AREA", "CRAFT_INDUSTRY", "INDUSTRIAL", "SEA_BEACH_DUNE"] as const;
export const FREE_ON = ["UNKNWON", "IMMEDIATE", "DEED", "AFTER_NOTICE_PERIOD", "DELIVERY", "TBD"] as const;
export const GARDEN = ["NOT_CONSTRUCTED", "ONLY_LAWN", "FULLY_LANDSCAPED"] as const;
export const GEO_PRECISION = ["NO_DATA", "GEOMETRIC_CENTER", "RANGE_INTERPOLATED", "ROOFTOP"] as const;
export const ORIENTATION = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;
export const PLANNING_ANSWER = ["UNKNOWN", "NO", "YES", "PENDING", "BEFORE_1962"] as const;
export const RECENT_DESTINATION = ["AG", "EG", "WIG", "WUG", "BG", "IGB", "RG", "GWG", "NG", "PG", "WG", "WGL", "WGR", "GG", "WCHE", "WP", "IAB", "GDR", "GVR", "LWAG", "NR", "GVON", "DVG", "NI"] as const;
export const COMMON_HEATING = ["NOT_APPLICABLE", "COMMON", "INDIVIDUAL"] as const;
export const COMMON_METER = ["YES", "NO"] as const;
export const METER_TYPE = ["DAY_NIGHT", "SINGLE", "DIGITAL", "BUDGET"] as const;
export const RENT_PERIOD = ["MONTH", "WEEK", "YEAR", "DAY"] as const;
export const FILE_TYPE = ["FLOOR_PLAN", "EPC_CERTIFICATE", "BROCHURE", "SPECIFICATIONS", "ELECTRICAL_INSPECTION", "ESTIMATION", "SOIL_CERTIFICATE", "ASBESTOS_CERTIFICATE", "WATER_SENSITIVITY", "OTHER"] as const;
export const ENERGY_LABEL = ["A++", "A+", "A", "B", "C", "D", "E", "F", "G", "A++_A+", "A+_A", "A_B", "B_C", "C_D", "D_E", "E_F", "F_G"] as const;

/** Subtypes per head type (SPEC §3 examples included). */
export const SUB_TYPES = {
  APARTMENT: ["FLAT", "DUPLEX", "TRIPLEX", "LOFT", "PENTHOUSE", "STUDIO", "STUDENT_ROOM", "GROUND_FLOOR", "SERVICE_FLAT", "ROOFTOP_FLAT"],
  GARAGE: ["GARAGE_BOX", "CARPORT", "PARKING", "INDOOR_PARKING", "OUTDOOR_PARKING"],
  PLOT: ["BUILDING_PLOT", "WOOD", "MEADOW", "AGRICULTURAL_LAND", "RECREATIONAL_PLOT", "INDUSTRIAL_PLOT"],
  COMMERCIAL: ["OFFICE", "SHOP", "HOTEL", "RESTAURANT", "CAFE", "WORKSHOP", "WAREHOUSE", "INDUSTRIAL_BUILDING", "PRACTICE"],
  HOUSE: ["DETACHED", "SEMI_DETACHED", "TERRACED_HOUSE", "TOWNHOUSE", "VILLA", "BUNGALOW", "COTTAGE", "FARMHOUSE", "MANSION", "CASTLE", "MIXED_USE"],
  PROJECT: ["NEW_BUILD_PROJECT", "RENOVATION_PROJECT", "RESIDENTIAL_PROJECT"],
} as const;

/** Room type ids (SPEC §9: bedroom 1, bathroom 5, garage 6, terrace 10, parking space 14, toilet 16). */
export const ROOM_TYPES = {
  BEDROOM: 1,
  LIVING_ROOM: 2,
  KITCHEN: 3,
  DINING_ROOM: 4,
  BATHROOM: 5,
  GARAGE: 6,
  OFFICE: 7,
  STORAGE: 8,
  CELLAR: 9,
  TERRACE: 10,
  ATTIC: 11,
  LAUNDRY: 12,
  DRESSING: 13,
  PARKING_SPACE: 14,
  ENTRANCE_HALL: 15,
  TOILET: 16,
  VERANDA: 17,
  GARDEN_SHED: 18,
  SHOWER_ROOM: 19,
  LANDING: 20,
  PLAYROOM: 21,
  GARDEN: 22,
} as const;

export const ENUM_VALUES = {
  status: STATUS,
  headType: HEAD_TYPE,
  bathroomType: BATHROOM_TYPE,
  carpentry: CARPENTRY,
  condition: CONDITION,
  conformity: CONFORMITY,
  constructionType: CONSTRUCTION_TYPE,
  electricityCertification: ELECTRICITY_CERTIFICATION,
  flooding: FLOODING,
  heating: HEATING,
  kitchenType: KITCHEN_TYPE,
  luxuryLevel: LUXURY_LEVEL,
  roofType: ROOF_TYPE,
  windowGlazing: WINDOW_GLAZING,
  country: COUNTRY,
  destination: DESTINATION,
  environment: ENVIRONMENT,
  freeOn: FREE_ON,
  garden: GARDEN,
  geoPrecision: GEO_PRECISION,
  orientation: ORIENTATION,
  planningAnswer: PLANNING_ANSWER,
  recentDestination: RECENT_DESTINATION,
  commonHeating: COMMON_HEATING,
  commonMeter: COMMON_METER,
  meterType: METER_TYPE,
  rentPeriod: RENT_PERIOD,
  fileType: FILE_TYPE,
  energyLabel: ENERGY_LABEL,
} as const;

export type EnumName = keyof typeof ENUM_VALUES;

/** Video type id of the virtual-visit tour link (SPEC §9). */
export const VIRTUAL_VISIT_VIDEO_TYPE_ID = 2;
