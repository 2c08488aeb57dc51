-- AlterTable
ALTER TABLE "datasets" ADD COLUMN     "nodesDatasetId" TEXT;

-- AddForeignKey
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_nodesDatasetId_fkey" FOREIGN KEY ("nodesDatasetId") REFERENCES "datasets"("id") ON DELETE SET NULL ON UPDATE CASCADE;
