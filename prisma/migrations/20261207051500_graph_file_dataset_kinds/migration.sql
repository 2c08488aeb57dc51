-- AlterEnum
-- Graph file formats and SQLite databases as upload kinds (a .gz upload is stored as the file
-- inside it, so it needs no kind of its own).
ALTER TYPE "DatasetKind" ADD VALUE 'graphml';
ALTER TYPE "DatasetKind" ADD VALUE 'gexf';
ALTER TYPE "DatasetKind" ADD VALUE 'gml';
ALTER TYPE "DatasetKind" ADD VALUE 'json';
ALTER TYPE "DatasetKind" ADD VALUE 'pajek';
ALTER TYPE "DatasetKind" ADD VALUE 'sqlite';
