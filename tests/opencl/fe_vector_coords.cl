//pass
//--local_size=[8,8] --num_groups=[4,4] --global_offset=[0,0]
// expect: drf — the components of a vector nothing reassigns are followed: each work-item writes its own pixel and cell
__kernel void coords(__write_only image2d_t dst, __global int *cells, __global int *scratch)
{
    const int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, p, (float4)(1.0f));
    cells[p.y * 32 + p.x] = p.s0;
    int2 q = (int2)(get_local_id(0), 0);
    q.y = 1; /* reassigned: q's components are data from here on */
    scratch[get_global_id(1) * 32 + get_global_id(0)] = q.x + q.y;
}
