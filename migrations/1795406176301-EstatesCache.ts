import { MigrationInterface, QueryRunner } from "typeorm";

export class EstatesCache1795406176301 implements MigrationInterface {
    name = 'EstatesCache1795406176301'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "estates" ("id" integer NOT NULL, "source" character varying(1) NOT NULL, "source_id" character varying(64) NOT NULL, "guid" character varying(64), "parent_id" integer, "is_project" boolean NOT NULL DEFAULT false, "status" character varying(16) NOT NULL, "for_rent" boolean NOT NULL, "head_type" character varying(16) NOT NULL, "sub_type" character varying(40), "city_zip" character varying(12) NOT NULL, "city_name" character varying(80) NOT NULL, "region" character varying(10), "price" numeric(14,2), "bedrooms" smallint, "lat" double precision, "lon" double precision, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "content_hash" character(64) NOT NULL, "synced_at" TIMESTAMP WITH TIME ZONE NOT NULL, "document" jsonb NOT NULL, CONSTRAINT "PK_e6e88990dece2b27b551fe6c7b2" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_estates_guid" ON "estates"  ("guid") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_parent" ON "estates"  ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_status" ON "estates"  ("status") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_price" ON "estates"  ("price") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_bedrooms" ON "estates"  ("bedrooms") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_updated_at" ON "estates"  ("updated_at") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_geo" ON "estates"  ("lat", "lon") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_city" ON "estates"  ("city_zip", "city_name") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_type" ON "estates"  ("head_type", "sub_type") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_estates_source_record" ON "estates"  ("source", "source_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."uq_estates_source_record"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_type"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_city"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_geo"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_updated_at"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_bedrooms"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_price"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_status"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_parent"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_guid"`);
        await queryRunner.query(`DROP TABLE "estates"`);
    }

}
