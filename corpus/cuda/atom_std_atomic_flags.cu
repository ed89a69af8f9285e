//pass
//--blockDim=128 --gridDim=8
// expect: drf — the done flag is only touched through cuda::std::atomic load and store, and data is indexed by the global thread id.
#include <cuda/std/atomic>

// Threads publish their result and raise a shared completion flag.
__global__ void publish(int *data, cuda::std::atomic<int> *done, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        data[i] = i * 2;
        if (done->load(cuda::std::memory_order_acquire) == 0)
            done->store(1, cuda::std::memory_order_release);
    }
}
