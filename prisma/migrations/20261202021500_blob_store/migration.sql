-- CreateTable
CREATE TABLE "blobs" (
    "key" TEXT NOT NULL,
    "generation" UUID NOT NULL,
    "bytes" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "chunkBytes" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blobs_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "blob_chunks" (
    "generation" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "blob_chunks_pkey" PRIMARY KEY ("generation","index")
);

-- CreateIndex
CREATE UNIQUE INDEX "blobs_generation_key" ON "blobs"("generation");
