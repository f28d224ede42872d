-- The speed a conversion was sent at (slow, normal, fast); the worker turns it into a fee when it signs.
ALTER TABLE "token_transfers" ADD COLUMN "gas_speed" text;
