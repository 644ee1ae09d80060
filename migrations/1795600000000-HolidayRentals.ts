import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Holiday units get capacity, amenities, rules, address, photos, contact, seasons and fees; their booked and
 * blocked ranges and visitors' booking requests get tables. The old rows (demo data with a name and a city)
 * are removed: the holiday source fills the table again at start.
 */
export class HolidayRentals1795600000000 implements MigrationInterface {
    name = 'HolidayRentals1795600000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "holiday_availability" ("id" uuid NOT NULL, "unit_id" integer NOT NULL, "origin" character varying(10) NOT NULL, "kind" character varying(10) NOT NULL, "starts_on" date NOT NULL, "ends_on" date NOT NULL, "uid" character varying(500), CONSTRAINT "PK_35cb9b9b385b99a19bdcafcebd6" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_holiday_availability_unit" ON "holiday_availability"  ("unit_id", "origin") `);
        await queryRunner.query(`CREATE TABLE "holiday_booking_requests" ("id" uuid NOT NULL, "unit_id" integer NOT NULL, "locale" character varying(2) NOT NULL, "arrival" date NOT NULL, "departure" date NOT NULL, "guests" integer NOT NULL, "name" character varying(100) NOT NULL, "email" character varying(200) NOT NULL, "phone" character varying(40), "message" text NOT NULL, "total" numeric(10,2) NOT NULL, "privacy_consent" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_21635e513f83fab77b1d5acd836" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_holiday_booking_requests_unit" ON "holiday_booking_requests"  ("unit_id") `);
        await queryRunner.query(`DELETE FROM "holiday_rental_units"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "capacity"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "house_rules" jsonb NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "region" character varying(20) NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "street" character varying(200) NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "zip" character varying(10) NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "lat" double precision`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "lon" double precision`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "guests" integer NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "bedrooms" integer NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "bathrooms" integer NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "beds" integer NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "amenities" jsonb NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "check_in" character varying(5) NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "check_out" character varying(5) NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "photos" jsonb NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "contact" jsonb NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "seasons" jsonb NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "fees" jsonb NOT NULL`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "ical_url" character varying(2000)`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DELETE FROM "holiday_rental_units"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "updated_at"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "ical_url"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "fees"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "seasons"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "contact"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "photos"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "check_out"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "check_in"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "amenities"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "beds"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "bathrooms"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "bedrooms"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "guests"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "lon"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "lat"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "zip"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "street"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "region"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" DROP COLUMN "house_rules"`);
        await queryRunner.query(`ALTER TABLE "holiday_rental_units" ADD "capacity" integer NOT NULL`);
        await queryRunner.query(`DROP INDEX "public"."ix_holiday_booking_requests_unit"`);
        await queryRunner.query(`DROP TABLE "holiday_booking_requests"`);
        await queryRunner.query(`DROP INDEX "public"."ix_holiday_availability_unit"`);
        await queryRunner.query(`DROP TABLE "holiday_availability"`);
    }

}
