import { MigrationInterface, QueryRunner } from "typeorm";

export class FormPipeline1795448000000 implements MigrationInterface {
    name = 'FormPipeline1795448000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "form_submissions" ("fingerprint" character(64) NOT NULL, "form" character varying(40) NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_form_submissions" PRIMARY KEY ("fingerprint"))`);
        await queryRunner.query(`CREATE TABLE "rate_limits" ("key" character varying(255) NOT NULL, "points" integer NOT NULL DEFAULT 0, "expire" bigint, CONSTRAINT "PK_rate_limits" PRIMARY KEY ("key"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "rate_limits"`);
        await queryRunner.query(`DROP TABLE "form_submissions"`);
    }

}
