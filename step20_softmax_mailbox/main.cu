// step20 of the tutorial (the cluster exchanges through mailboxes); the idea is in softmax.cuh, the
// rest in common/.
#include "softmax.cuh"
#include "softmax_harness.cuh"

int main(int argc, char** argv)
{
    return runSoftmaxStep(argc, argv, "step20_softmax_mailbox",
                          "one exponential per element; clusters exchange through mailboxes");
}
