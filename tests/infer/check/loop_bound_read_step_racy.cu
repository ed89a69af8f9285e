// expect: racy — the twin of loop_bound_read_each_test: the step is read from memory too (it may be 0, or differ between threads), so the counter has no stride form: an unknown in each iteration.
__global__ void frontier_pass_read_step(const int *q_size, const int *step, int *out)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < q_size[0]; i += step[threadIdx.x])
        out[i] = threadIdx.x;
}
