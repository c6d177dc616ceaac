-- The library's search: a lower-cased copy of the prompt and the revised prompt on each output,
-- searched with LIKE through a trigram index (a Chinese word inside a longer phrase is found too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE "GenerationOutput" ADD COLUMN "searchText" TEXT;

-- Written by the database, so every way an output is written keeps it right.
CREATE FUNCTION generation_output_search_text() RETURNS trigger AS $$
BEGIN
  NEW."searchText" := lower((SELECT g."prompt" FROM "Generation" g WHERE g."id" = NEW."generationId") || E'\n' || coalesce(NEW."revisedPrompt", ''));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER generation_output_search_text BEFORE INSERT OR UPDATE OF "revisedPrompt" ON "GenerationOutput"
FOR EACH ROW EXECUTE FUNCTION generation_output_search_text();

UPDATE "GenerationOutput" AS o SET "searchText" = lower(g."prompt" || E'\n' || coalesce(o."revisedPrompt", ''))
FROM "Generation" AS g WHERE g."id" = o."generationId";

-- CreateIndex
CREATE INDEX "GenerationOutput_searchText_idx" ON "GenerationOutput" USING GIN ("searchText" gin_trgm_ops);
