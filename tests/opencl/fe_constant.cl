//pass
//--local_size=32 --num_groups=4
// expect: drf — __constant memory and the work-item's __private array never race
__constant int weights[4] = {1, 2, 3, 4};

__kernel void weigh(__global int *out, __constant int *bias)
{
    __private int acc[4];
    for (int i = 0; i < 4; i++)
        acc[i] = weights[i] * bias[i];
    out[get_global_id(0)] = acc[get_local_id(0) % 4];
}

/* program-scope __constant scalars are fixed at compile time: their values are known */
__constant int ROW = 32;

__kernel void rows(__global int *out)
{
    out[get_group_id(0) * ROW + get_local_id(0)] = 1;
}
