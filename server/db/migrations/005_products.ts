/**
 * The marketplace: products of a workspace, their published versions (each a template document of
 * the workspace's workflows, never overwritten), and where a product was installed.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('products_pk', ['cid', '_id'])
    .execute()
  // Products are looked up by id from any workspace (the marketplace).
  await db.schema.createIndex('products_by_id').on('products').column('_id').unique().execute()

  await db.schema
    .createTable('product_versions')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('version_description', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // {_id, title, description, schemas}: server/domain/copy-processes.ts
    .addColumn('template', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_versions_pk', ['cid', 'product_id', 'version'])
    .addForeignKeyConstraint('product_versions_product', ['cid', 'product_id'], 'products', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()

  await db.schema
    .createTable('product_installs')
    // The workspace the product was installed into.
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('process_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_installs_pk', ['cid', 'product_id'])
    .execute()
}
