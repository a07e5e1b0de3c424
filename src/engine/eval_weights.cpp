// Bootstrap: replaced by the generated table.
#include "engine/eval_params.hpp"
namespace schach::engine {
const Weights EvalWeights = default_weights();
}
