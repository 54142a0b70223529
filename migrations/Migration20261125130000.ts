import { Migration } from '@mikro-orm/migrations';

/**
 * Photos staff upload (images), their files (image_variants: the JPEG master and the AVIF and WebP
 * variants, with their bytes, or none when IMAGE_DIR holds them) and where each is used (image_uses).
 */
export class Migration20261125130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "images" (
      "id" serial primary key,
      "hash" text not null,
      "width" int not null,
      "height" int not null,
      "alt" text not null,
      "source_format" text not null,
      "source_bytes" int not null,
      "created_by" text not null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "images" add constraint "images_hash_unique" unique ("hash");`);
    this.addSql(`create index "images_created_at_index" on "images" ("created_at");`);
    this.addSql(`create table "image_variants" (
      "image_id" int not null,
      "format" text not null,
      "width" int not null,
      "height" int not null,
      "bytes" int not null,
      "data" bytea null,
      constraint "image_variants_pkey" primary key ("image_id", "format", "width"));`);
    this.addSql(
      `alter table "image_variants" add constraint "image_variants_image_id_foreign" foreign key ("image_id") references "images" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create table "image_uses" (
      "image_id" int not null,
      "used_by" text not null,
      constraint "image_uses_pkey" primary key ("image_id", "used_by"));`);
    this.addSql(
      `alter table "image_uses" add constraint "image_uses_image_id_foreign" foreign key ("image_id") references "images" ("id") on update cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "image_uses";`);
    this.addSql(`drop table if exists "image_variants";`);
    this.addSql(`drop table if exists "images";`);
  }
}
