"""provenance.infer."""
