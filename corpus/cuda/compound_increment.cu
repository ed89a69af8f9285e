//pass
//--blockDim=256 --gridDim=64
// expect: drf — the compound assignments sum[i] +=, sumSq[i] += and count[i]++ are read-modify-writes of the thread's own cell i, one cell per thread under i < n.
// Running per-element statistics accumulated over a stream of batches.
__global__ void accumulateMoments(const float *x, float *sum, float *sumSq, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        sum[i] += v;
        sumSq[i] += v * v;
        count[i]++;
    }
}
