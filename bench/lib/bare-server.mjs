// The baseline of `api-read`: a bare Fastify + pg route reading the same user row from the
// same database, with no auth, no validation and no ORM. Started as its own process, like the
// portal, so both are measured the same way. Env: DATABASE_URL, PORT.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.get('/user/:id', async (req, reply) => {
  const { rows } = await pool.query({
    name: 'bare_user',
    text: 'select id, email, name, role, mobile, language from users where id = $1',
    values: [req.params.id],
  });
  if (!rows[0]) return reply.code(404).send({ error: 'not found' });
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
