"""The pairing systems of the seeds (round-robins, directed pairings, Molter, Formule
Combinée) and their standings: pure rules, no spreadsheet, no file."""
