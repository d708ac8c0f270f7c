// Auto-enrolment credentials of one enterprise each: its own enrolment secret (sealed like device
// passwords; start-up issues one to every row still without, since sealing needs the key a migration
// has not got) and a regional code held by one enterprise only, so no other can take or jam it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('regional_config')
    // What a device not yet added must prove to enrol itself; null = not issued yet, nothing enrols.
    .addColumn('enrolment_secret', 'text')
    // Whether the row holds its regional code (area, unit, industry, network digits). Only rows that
    // lost their code to another enterprise here are false, until they save a code of their own.
    .addColumn('claims_code', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // Codes saved by more than one enterprise stay with the enterprise made first (regional_config keeps
  // no time of its own; enterprise ids rise with creation). The others keep their settings, so their
  // devices and GB codes are untouched, but lose the claim and auto-enrol: both were broken anyway,
  // since a registration matching two enterprises was refused.
  await sql`update regional_config r set claims_code = false, auto_enrol_project_id = null
    where exists (select 1 from regional_config o
      where o.area_code = r.area_code and o.unit_number = r.unit_number and o.industry_code = r.industry_code
        and o.network_id = r.network_id and o.enterprise_id < r.enterprise_id)`.execute(db);
  await sql`alter table regional_config add constraint regional_config_enrol_claimed
    check (claims_code or auto_enrol_project_id is null)`.execute(db);
  await sql`create unique index regional_config_code
    on regional_config (area_code, unit_number, industry_code, network_id) where claims_code`.execute(db);
}
