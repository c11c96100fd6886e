-- Hand-written (a CHECK the definitions cannot declare): an item of a plenary session is either a matter or the ata of
-- an earlier session put on the pauta for approval (issue 13 §2, docs/legislativo.md), exactly one of the two.
ALTER TABLE "plenary_matters" ADD CONSTRAINT "plenary_matters_matter_or_ata" CHECK (num_nonnulls("matter_id", "plenary_minute_id") = 1);
