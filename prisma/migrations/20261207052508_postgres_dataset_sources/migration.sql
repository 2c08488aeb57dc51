-- AlterEnum
ALTER TYPE "DatasetKind" ADD VALUE 'postgres';

-- CreateTable
CREATE TABLE "dataset_sources" (
    "datasetId" TEXT NOT NULL,
    "shownUrl" TEXT NOT NULL,
    "encryptedUrl" TEXT NOT NULL,
    "schemaName" TEXT NOT NULL DEFAULT 'public',
    "tables" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dataset_sources_pkey" PRIMARY KEY ("datasetId")
);

-- AddForeignKey
ALTER TABLE "dataset_sources" ADD CONSTRAINT "dataset_sources_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
