/**
 * The wall (wall2.*): posts, who may see them, comments, likes, follows and the unread counters.
 *
 * A post's audience is resolved when it is published (its users, the members of its teams then, or
 * every member for a post to the whole workspace) and kept as rows: visibility, signals, mail and the
 * unread counters all read the same rows. A post to the whole workspace is also seen by members who
 * join later (`to_all`). Drafts and scheduled posts have no audience until they are published.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wall_posts')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('loc', 'jsonb')
    // As given: "user_<id>", "team_<id>", "network_<id>".
    .addColumn('recipients', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('to_all', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allow_reply', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('draft', 'scheduled', 'published')`))
    .addColumn('schedule_time', 'bigint')
    // When it appeared to its recipients: the feed's order.
    .addColumn('published', 'bigint')
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('wall_posts_pk', ['cid', '_id'])
    .addForeignKeyConstraint('wall_posts_workspace', ['cid'], 'workspaces', ['_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  // The feed: pinned first, newest first, one workspace at a time.
  await sql`create index wall_posts_feed on wall_posts (cid, pinned desc, published desc, _id desc) where state = 'published'`.execute(db)
  await sql`create index wall_posts_author on wall_posts (cid, uid, created desc) where state <> 'published'`.execute(db)
  // The scheduler's queue.
  await sql`create index wall_posts_due on wall_posts (schedule_time) where state = 'scheduled'`.execute(db)
  // The post id alone finds its workspace (operations name a post by id only).
  await db.schema.createIndex('wall_posts_id').on('wall_posts').column('_id').unique().execute()

  const perPost = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('cid', 'text', (c) => c.notNull())
      .addColumn('post_id', 'text', (c) => c.notNull())
      .addColumn('uid', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${name}_pk`, ['cid', 'post_id', 'uid'])
      .addForeignKeyConstraint(`${name}_post`, ['cid', 'post_id'], 'wall_posts', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
  // `added`: when the person got the post (published, or added to its recipients later): their
  // unread count holds it while they have not marked the wall seen since.
  await perPost('wall_audience')
    .addColumn('added', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('wall_audience_user').on('wall_audience').columns(['cid', 'uid', 'post_id']).execute()
  await perPost('wall_likes').execute()
  await perPost('wall_followers').execute()

  await db.schema
    .createTable('wall_comments')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('loc', 'jsonb')
    .addColumn('tagged', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('wall_comments_pk', ['cid', '_id'])
    .addForeignKeyConstraint('wall_comments_post', ['cid', 'post_id'], 'wall_posts', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('wall_comments_post').on('wall_comments').columns(['cid', 'post_id', 'created']).execute()

  // Unread counts per person, workspace and kind, changed in the transaction of the change they count.
  await db.schema
    .createTable('wall_unread')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('user', 'activity.created', 'activity.updated')`))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wall_unread_pk', ['cid', 'uid', 'type'])
    .addForeignKeyConstraint('wall_unread_workspace', ['cid'], 'workspaces', ['_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  // When each person last marked a workspace's wall seen (wall2.seen).
  await db.schema
    .createTable('wall_seen')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('seen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wall_seen_pk', ['cid', 'uid'])
    .addForeignKeyConstraint('wall_seen_workspace', ['cid'], 'workspaces', ['_id'], (fk) => fk.onDelete('cascade'))
    .execute()
}
