// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// in the data directory when it is unset (the same code the app runs at start-up).
import { closeDatabaseConnection, getDatabaseConnection } from "../lib/db/database-connection";

getDatabaseConnection()
  .then(async (connection) => {
    console.info(`migrations are up to date (${connection.mode} database)`);
    await closeDatabaseConnection();
  })
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabaseConnection();
    process.exit(1);
  });
