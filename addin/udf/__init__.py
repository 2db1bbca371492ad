"""Excel functions, one module per pairing system; ``addin.udfs`` re-exports them."""
