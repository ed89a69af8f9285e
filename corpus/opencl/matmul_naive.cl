//pass
//--local_size=[16,16] --num_groups=[4,4]
// expect: drf — one work-item per element of C, indexed by get_global_id
__kernel void matmul_naive(__global const float *A, __global const float *B, __global float *C, int n)
{
    int col = get_global_id(0);
    int row = get_global_id(1);
    if (row < n && col < n) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++)
            acc += A[row * n + k] * B[k * n + col];
        C[row * n + col] = acc;
    }
}
