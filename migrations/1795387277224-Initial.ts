import { MigrationInterface, QueryRunner } from "typeorm";

export class Initial1795387277224 implements MigrationInterface {
    name = 'Initial1795387277224'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "appointments" ("id" uuid NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "location" character varying(300) NOT NULL, "cancelled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4a437a9a27e948726b8bb3e36ad" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "holiday_rental_units" ("id" integer NOT NULL, "name" jsonb NOT NULL, "description" jsonb NOT NULL, "city" character varying(120) NOT NULL, "capacity" integer NOT NULL, CONSTRAINT "PK_edbe89cdfc9b27ffccbff8892d2" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "settings" ("key" character varying(100) NOT NULL, "value" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c8639b7626fa94ba8265628f214" PRIMARY KEY ("key"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "settings"`);
        await queryRunner.query(`DROP TABLE "holiday_rental_units"`);
        await queryRunner.query(`DROP TABLE "appointments"`);
    }

}
