//pass
//--blockDim=256 --gridDim=64
// expect: drf — each round reads lab[t-1], lab[t], lab[t+1], then a barrier, then thread t writes only lab[t], then __syncthreads_or (a barrier whose result is the same in every thread) decides uniformly whether to loop.
// Minimum-label propagation along each block's chain until nothing
// changes; the loop exit is decided block-wide by __syncthreads_or.
__global__ void propagateMinLabel(int *labels)
{
    __shared__ int lab[256];
    int t = threadIdx.x;
    int *seg = labels + blockIdx.x * blockDim.x;

    lab[t] = seg[t];
    __syncthreads();

    int changed;
    do {
        int left = (t > 0) ? lab[t - 1] : lab[t];
        int right = (t + 1 < (int)blockDim.x) ? lab[t + 1] : lab[t];
        __syncthreads();
        int mine = lab[t];
        int m = min(mine, min(left, right));
        changed = m < mine;
        lab[t] = m;
    } while (__syncthreads_or(changed));

    seg[t] = lab[t];
}
