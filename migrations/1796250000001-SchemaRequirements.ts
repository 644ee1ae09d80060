import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The contract steps that ran on this database (expand/contract, docs/OPERATIONS.md "Upgrades"): a contract migration
 * (one that drops or renames what an older release still reads) inserts its own name here in its up() and deletes it
 * in its down(). A build that does not know a migration named here no longer matches the schema, and its /readyz
 * says so (503); an expand migration it does not know leaves it ready, so the previous release keeps serving during
 * a rolling upgrade.
 */
export class SchemaRequirements1796250000001 implements MigrationInterface {
    name = 'SchemaRequirements1796250000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "schema_requirements" ("migration" character varying(255) NOT NULL, "reason" text NOT NULL, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_schema_requirements" PRIMARY KEY ("migration"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "schema_requirements"`);
    }

}
